import PipelineCore

/// Parses TradeMaximizer want lists (the 1.3c format of `trade-format.md` §1) into a `TradeProblem`.
///
/// Extensions on top of 1.3c: unknown options are warnings (not fatal); the TradeMaximizerOz cash
/// extension (`$N` bid lines, `LIMIT` lines, `$N` want tokens) is skipped with one warning per kind,
/// which is exactly the "sanitised" reading; lines that are not UTF-8 are decoded as Windows-1252.
/// Non-fatal problems become `Diagnostic`s with their line; structural ones throw `WantListFatalError`.
public struct WantListParser {
    public let file: String
    public let sink: any DiagnosticSink

    public init(file: String, sink: any DiagnosticSink) {
        self.file = file
        self.sink = sink
    }

    /// One want-list line waiting for pass 2 (want resolution needs every item name first).
    private struct PendingList {
        var item: Int
        var wants: [Substring]
        var line: Int
    }

    public func parse(_ bytes: [UInt8]) throws(WantListFatalError) -> TradeProblem {
        let (lines, fallbackLines) = WantListLineReader.lines(of: bytes)
        if let first = fallbackLines.first {
            sink.warning("trade.encodingFallback",
                         "\(fallbackLines.count) line(s) are not valid UTF-8 and were decoded as Windows-1252",
                         at: loc(first))
        }
        var options = WantListOptions()
        var official: Set<String>? = nil
        var officialState = 0 // 0 before, 1 inside, 2 after the block
        var sawWantList = false
        var items: [TradeItem] = []
        var index: [String: Int] = [:]
        var pending: [PendingList] = []
        var cashBidLine: Int? = nil, cashBidCount = 0
        var cashLimitLine: Int? = nil, cashLimitCount = 0

        for line in lines {
            var text = line.text
            let n = line.number
            if text.hasPrefix("#!") {
                if sawWantList || officialState != 0 {
                    throw fatal("trade.optionsAfterWants", "options (#!) must come before the official names and the first want list", n)
                }
                parseOptions(text.dropFirst(2), line: n, into: &options)
                continue
            }
            if text.hasPrefix("#") { continue }
            let shape = LineShape(&text)
            let upper = shape.isASCII ? (shape.hasLower ? Self.foldASCII(text) : text) : text.uppercased()
            if upper == "!BEGIN-OFFICIAL-NAMES" {
                if officialState != 0 || sawWantList {
                    throw fatal("trade.officialNames.misplaced", "!BEGIN-OFFICIAL-NAMES must come once, before the first want list", n)
                }
                officialState = 1
                official = []
                continue
            }
            if upper == "!END-OFFICIAL-NAMES" {
                if officialState != 1 {
                    throw fatal("trade.officialNames.misplaced", "!END-OFFICIAL-NAMES without !BEGIN-OFFICIAL-NAMES", n)
                }
                officialState = 2
                continue
            }
            if officialState == 1 {
                let folded = options.caseSensitive ? text : upper
                let name = folded.prefix { $0 != " " && $0 != "\t" && $0 != ":" }
                if name.isEmpty || name.hasPrefix("%") || name.contains("#") {
                    throw fatal("trade.officialNames.badName", "bad official name in line '\(text)'", n)
                }
                if official!.contains(String(name)) {
                    throw fatal("trade.officialNames.duplicate", "official name \(name) is listed twice", n)
                }
                official!.insert(String(name))
                continue
            }
            if shape.hashes > 0 {
                throw fatal("trade.commentNotAtStart", "comments (#) must start at the beginning of a line", n)
            }
            sawWantList = true
            let folded = options.caseSensitive ? text : upper
            // Username.
            var owner: String? = nil
            var rest = Substring(folded)
            let opens = shape.opens, closes = shape.closes
            if opens + closes > 0 {
                guard folded.hasPrefix("("), opens == 1, closes == 1, let close = folded.firstIndex(of: ")") else {
                    throw fatal("trade.username.malformed", "a username must be one '(name)' at the start of the line", n)
                }
                let name = folded[folded.index(after: folded.startIndex)..<close]
                if name.trimmingSpaces.isEmpty { throw fatal("trade.username.empty", "empty username '()'", n) }
                if name.contains(":") { throw fatal("trade.username.malformed", "a username may not contain ':'", n) }
                owner = String(name)
                rest = folded[folded.index(after: close)...]
            } else if options.requireUsernames {
                throw fatal("trade.username.missing", "missing username (REQUIRE-USERNAMES)", n)
            }
            let spaced = shape.semicolons > 0 ? Self.spaceSemicolons(rest) : rest
            let colonCount = shape.colons // a username cannot hold ':' (rejected above)
            var head: [Substring]
            var wants: [Substring]
            if colonCount > 1 {
                throw fatal("trade.colon.multiple", "more than one ':' in a want list", n)
            } else if colonCount == 1 {
                let colon = spaced.firstIndex(of: ":")!
                head = spaced[..<colon].tokens
                wants = spaced[spaced.index(after: colon)...].tokens
                if head.count != 1 {
                    if head.contains(";") { throw fatal("trade.semicolon.misplaced", "';' may not come before the ':'", n) }
                    throw fatal("trade.colon.position", "exactly one item must stand before the ':'", n)
                }
            } else {
                if options.requireColons { throw fatal("trade.colon.missing", "missing ':' (REQUIRE-COLONS)", n) }
                let all = spaced.tokens
                guard let first = all.first else {
                    throw fatal("trade.wantList.noItem", "want list without an item", n)
                }
                head = [first]
                wants = Array(all.dropFirst())
            }
            let itemToken = head[0]
            if itemToken == ";" { throw fatal("trade.semicolon.misplaced", "';' may not be the first token", n) }
            // TradeMaximizerOz cash extension: bid lines and spending limits.
            if Self.isCash(itemToken) {
                cashBidCount += 1
                if cashBidLine == nil { cashBidLine = n }
                continue
            }
            if itemToken == "LIMIT", !wants.isEmpty, wants.allSatisfy(Self.isCash) {
                cashLimitCount += 1
                if cashLimitLine == nil { cashLimitLine = n }
                continue
            }
            let isDummy = itemToken.hasPrefix("%")
            let key: String
            if isDummy {
                if !options.allowDummies {
                    sink.error("trade.dummiesDisallowed", "dummy item \(itemToken) needs #! ALLOW-DUMMIES; want list ignored", at: loc(n))
                    continue
                }
                guard let owner else {
                    sink.error("trade.dummyWithoutUsername", "dummy item \(itemToken) needs a username; want list ignored", at: loc(n))
                    continue
                }
                key = Self.dummyKey(itemToken, owner: owner)
            } else {
                key = String(itemToken)
                if let official, !official.contains(key) {
                    sink.error("trade.notOfficial", "want list for \(key), which is not an official name; ignored", at: loc(n))
                    continue
                }
            }
            if let previous = index[key] {
                sink.error("trade.duplicateWantList",
                           "second want list for \(items[previous].displayName) (first on line \(items[previous].line)); ignored",
                           at: loc(n))
                continue
            }
            index[key] = items.count
            pending.append(PendingList(item: items.count, wants: wants, line: n))
            items.append(TradeItem(name: String(itemToken), owner: owner, isDummy: isDummy, line: n))
        }
        if officialState == 1 {
            throw fatal("trade.officialNames.unterminated", "!BEGIN-OFFICIAL-NAMES without !END-OFFICIAL-NAMES", lines.last?.number ?? 1)
        }
        if let cashBidLine {
            sink.warning("trade.cash.bid", "\(cashBidCount) TradeMaximizerOz cash bid line(s) ($N : …) skipped", at: loc(cashBidLine))
        }
        if let cashLimitLine {
            sink.warning("trade.cash.limit", "\(cashLimitCount) TradeMaximizerOz LIMIT line(s) skipped", at: loc(cashLimitLine))
        }

        // Pass 2: resolve wants into edges.
        var edges: [WantEdge] = []
        var unknown: [String: (count: Int, line: Int)] = [:]
        var cashWantLine: Int? = nil, cashWantCount = 0
        var seen = [Int](repeating: -1, count: items.count) // wanted item → last list index, to detect repeats
        for (listIndex, list) in pending.enumerated() {
            let me = items[list.item]
            var rank: Int64 = 1
            for var token in list.wants {
                if token.utf8.count == 1 && token.utf8.first == 0x3B {
                    rank = min(rank + options.bigStep, 1 << 60)
                    continue
                }
                if Self.isCash(token) {
                    cashWantCount += 1
                    if cashWantLine == nil { cashWantLine = list.line }
                    continue
                }
                if token.utf8.contains(0x3D), let eq = token.lastIndex(of: "=") {
                    guard options.priorities == .explicit else {
                        sink.error("trade.explicitPriority.disallowed",
                                   "'\(token)' uses '=' but EXPLICIT-PRIORITIES is not set; want ignored", at: loc(list.line))
                        continue
                    }
                    guard let value = Int64(token[token.index(after: eq)...]), value >= 0, value < 1_000_000_000 else {
                        sink.error("trade.explicitPriority.invalid", "bad explicit priority in '\(token)'; want ignored", at: loc(list.line))
                        continue
                    }
                    rank = value
                    token = token[..<eq]
                }
                let target: Int?
                if token.utf8.first == 0x25 {
                    guard options.allowDummies, let owner = me.owner else {
                        sink.error(options.allowDummies ? "trade.dummyWithoutUsername" : "trade.dummiesDisallowed",
                                   "dummy \(token) cannot be wanted here (needs ALLOW-DUMMIES and a username); want ignored",
                                   at: loc(list.line))
                        continue
                    }
                    target = index[Self.dummyKey(token, owner: owner)]
                } else {
                    target = index[String(token)]
                    if target == nil, let official, official.contains(String(token)) {
                        rank = min(rank + options.smallStep, 1 << 60) // official but missing: keep the rank step
                        continue
                    }
                }
                guard let target else {
                    let name = token.hasPrefix("%") && me.owner != nil ? "\(token) (of \(me.owner!))" : String(token)
                    if let entry = unknown[name] {
                        unknown[name] = (entry.count + 1, entry.line)
                    } else {
                        unknown[name] = (1, list.line)
                    }
                    continue
                }
                if target == list.item {
                    sink.error("trade.selfWant", "\(me.displayName) wants itself; want ignored", at: loc(list.line))
                    continue
                }
                if seen[target] == listIndex {
                    if options.hideRepeats { continue }
                    sink.error("trade.repeatedWant", "\(me.displayName) wants \(items[target].name) more than once; repeat ignored",
                               at: loc(list.line))
                    continue
                }
                let other = items[target]
                if !other.isDummy, let owner = me.owner, other.owner == owner {
                    sink.error("trade.sameUserWant", "\(me.displayName) wants \(other.name) of the same user; want ignored",
                               at: loc(list.line))
                    continue
                }
                seen[target] = listIndex
                let cost = TradeProblem.cost(rank: rank, fromDummy: me.isDummy, options: options, nontradeCost: options.nontradeCost)
                edges.append(WantEdge(receiver: Int32(list.item), wanted: Int32(target), rank: rank, cost: cost))
                rank = min(rank + options.smallStep, 1 << 60)
            }
        }
        if let cashWantLine {
            sink.warning("trade.cash.want", "\(cashWantCount) TradeMaximizerOz $N want token(s) skipped", at: loc(cashWantLine))
        }
        for (name, entry) in unknown.sorted(by: { ($0.value.line, $0.key) < ($1.value.line, $1.key) }) {
            let times = entry.count == 1 ? "" : " (\(entry.count) occurrences)"
            sink.error("trade.unknownItem", "unknown item \(name)\(times)", at: loc(entry.line))
        }
        var missing: [String] = []
        if let official {
            missing = official.filter { index[$0] == nil }.sorted()
            if options.showMissing {
                for name in missing {
                    sink.emit(.note("trade.missingWantList", "missing want list for official name \(name)", at: SourceLocation(file: file)))
                }
            }
        }
        return TradeProblem(items: items, edges: edges, nontradeCost: options.nontradeCost, options: options,
                            missingOfficial: missing)
    }

    private func parseOptions(_ text: Substring, line: Int, into options: inout WantListOptions) {
        let tokens = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        if tokens.isEmpty {
            sink.warning("trade.option.empty", "empty options line", at: loc(line))
        }
        for token in tokens {
            let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? parts[1] : nil
            func number() -> Int64? {
                guard let value, let v = Int64(value), v >= 0, v <= PriorityScheme.maximumCost else {
                    sink.error("trade.option.badValue", "option \(token) needs a non-negative integer value; ignored", at: loc(line))
                    return nil
                }
                return v
            }
            switch (name, value == nil) {
            case ("ALLOW-DUMMIES", true): options.allowDummies = true
            case ("REQUIRE-COLONS", true): options.requireColons = true
            case ("REQUIRE-USERNAMES", true): options.requireUsernames = true
            case ("CASE-SENSITIVE", true): options.caseSensitive = true
            case ("SHOW-MISSING", true): options.showMissing = true
            case ("HIDE-REPEATS", true): options.hideRepeats = true
            case ("LINEAR-PRIORITIES", true): options.priorities = .linear
            case ("TRIANGLE-PRIORITIES", true): options.priorities = .triangle
            case ("SQUARE-PRIORITIES", true): options.priorities = .square
            case ("EXPLICIT-PRIORITIES", true): options.priorities = .explicit
            case ("SMALL-STEP", false): if let v = number() { options.smallStep = v }
            case ("BIG-STEP", false): if let v = number() { options.bigStep = v }
            case ("NONTRADE-COST", false): if let v = number() { options.nontradeCost = max(1, v) }
            case (_, _) where WantListOptions.outputOnly.contains(name): break
            default:
                sink.warning("trade.option.unknown", "unknown option \(token) ignored", at: loc(line))
                continue
            }
            options.accepted.append(String(token))
        }
    }

    private func loc(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }

    private func fatal(_ code: String, _ message: String, _ line: Int) -> WantListFatalError {
        WantListFatalError(.error(code, message, at: loc(line)))
    }

    /// `$N` or `$N.NN`: a TradeMaximizerOz cash amount (`473-CA$` is an ordinary item).
    static func isCash(_ token: Substring) -> Bool {
        guard token.utf8.first == 0x24, token.utf8.count > 1 else { return false }
        return token.utf8.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    }

    /// Upper-cases an ASCII line (non-ASCII lines use `uppercased()`, Unicode rules like Java's `toUpperCase`).
    static func foldASCII(_ text: String) -> String {
        String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var k = 0
            for byte in text.utf8 {
                buffer[k] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                k += 1
            }
            return k
        }
    }

    /// `777;7` → `777 ; 7`: every `;` becomes a token of its own.
    static func spaceSemicolons(_ text: Substring) -> Substring {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == 0x3B {
                bytes.append(0x20); bytes.append(0x3B); bytes.append(0x20)
            } else {
                bytes.append(byte)
            }
        }
        return Substring(String(decoding: bytes, as: UTF8.self))
    }

    static func dummyKey(_ name: Substring, owner: String) -> String { "\(name)\u{0}\(owner)" }
}

/// Counts of the structural characters of one line, from a single pass over its bytes.
struct LineShape {
    var hashes = 0, opens = 0, closes = 0, semicolons = 0, colons = 0
    var isASCII = true, hasLower = false

    init(_ text: inout String) {
        var shape = LineShape()
        text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x23: shape.hashes += 1
                case 0x28: shape.opens += 1
                case 0x29: shape.closes += 1
                case 0x3B: shape.semicolons += 1
                case 0x3A: shape.colons += 1
                case 0x61...0x7A: shape.hasLower = true
                case 0x80...: shape.isASCII = false
                default: break
                }
            }
        }
        self = shape
    }

    private init() {}
}

extension Substring {
    /// Runs separated by ASCII blanks (space, tab, and the other controls ≤ 0x20 Java's split would see).
    var tokens: [Substring] {
        utf8.split(whereSeparator: { $0 <= 0x20 }).map { Substring($0) }
    }
}

extension StringProtocol {
    var trimmingSpaces: SubSequence {
        let start = firstIndex(where: { !$0.isWhitespace }) ?? endIndex
        let end = lastIndex(where: { !$0.isWhitespace }).map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
