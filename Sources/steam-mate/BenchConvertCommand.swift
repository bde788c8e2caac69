import ArgumentParser
import Foundation
import Glibc
import PipelineRunner

/// `steam-mate bench convert --players N`: `convert` of one bundle end to end. Generates (or reuses) a seeded
/// bundle dataset, links each measured bundle alone into a directory, and runs this binary's own `convert DIR
/// --out OUT` as a child process (scan, decode, normalize, the tables in both formats, hashing, atomic publish),
/// so the figures are those of the command users run. Prints wall, CPU (user + sys) and peak RSS of every
/// child from `wait4`, and the same-run baselines: Python `orjson.loads` over every line of the JSON Lines
/// bundle, DuckDB writing a sorted `player_games` CSV from it, and a bare C libxml2 `xmlTextReader` walk over the
/// profile XML (compiled here with `cc`). A missing baseline is reported and skipped. MB are 10^6 bytes.
struct BenchConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Time `steam-mate convert` of the JSON Lines and profile-XML bundles against orjson, DuckDB and a libxml2 walk."
    )

    @Option(help: "Number of synthetic players (ignored with --input).")
    var players: Int = 100_000

    @Option(help: "Seed of the synthetic data.")
    var seed: UInt64 = 7

    @Option(help: "Work directory (input/, the one-bundle directories, outputs); input/ is reused if present. Default: a temporary directory, removed afterwards.")
    var dir: String?

    @Option(help: "An existing bundle dataset to read instead of generating one (e.g. the output of `generate --bundles`).")
    var input: String?

    @Option(help: "Which bundles: jsonl, xml or both.")
    var kind = "both"

    @Option(help: "Worker threads of convert (0 = all cores).")
    var threads: Int = 0

    @Option(help: "Output formats of convert.")
    var formats = "csv,jsonl"

    @Option(help: "Another steam-mate binary to time on the same input in the same run (e.g. main's release build).")
    var baselineBinary: String?

    @Option(help: "Python with orjson and duckdb for the JSON Lines baselines (default: .venv-bench/bin/python if present, else python3).")
    var python: String?

    @Option(help: "Times each measurement is repeated (the best wall time is kept, with its CPU and RSS).")
    var repeats: Int = 1

    func validate() throws {
        guard players > 0 else { throw ValidationError("--players must be positive") }
        guard ["both", "jsonl", "xml"].contains(kind) else { throw ValidationError("--kind takes jsonl, xml or both") }
        guard repeats > 0 else { throw ValidationError("--repeats must be positive") }
        guard !ConvertCommand.parse(formats: formats).isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let work = try BenchWorkspace.directory(dir, benchmark: "convert")
        defer { if dir == nil { try? FileManager.default.removeItem(at: work) } }
        let source: URL
        if let input {
            source = URL(fileURLWithPath: input, relativeTo: cwd).standardizedFileURL
            print("bench convert: input \(source.path), threads \(threads), formats \(formats)")
        } else {
            source = work.appendingPathComponent("input")
            print("bench convert: \(players) players, seed \(seed), threads \(threads), formats \(formats)")
            try BenchWorkspace.bundleInput(at: source, players: players, seed: seed)
        }
        let me = ChildRun.selfExecutable
        let baselineBinary = self.baselineBinary.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL.path }
        if kind != "xml" {
            let bundle = try isolate(source.appendingPathComponent("owned_games.jsonl"), in: work, as: "J")
            try measure(bundle: bundle, label: "J", work: work, me: me, baselineBinary: baselineBinary,
                        references: [orjsonBaseline(file: bundle.file, cwd: cwd),
                                     duckDBBaseline(file: bundle.file, schema: "inferred", work: work, cwd: cwd),
                                     duckDBBaseline(file: bundle.file, schema: "declared", work: work, cwd: cwd)])
        }
        if kind != "jsonl" {
            let bundle = try isolate(source.appendingPathComponent("profiles.xml"), in: work, as: "X")
            try measure(bundle: bundle, label: "X", work: work, me: me, baselineBinary: baselineBinary,
                        references: [xmlWalkBaseline(file: bundle.file, work: work, cwd: cwd)])
        }
        print("  (figures per child from wait4; on a shared machine compare CPU seconds and same-run ratios)")
    }

    /// A directory holding only `file` (a symbolic link to it), so `convert` reads exactly that bundle.
    private func isolate(_ file: URL, in work: URL, as name: String) throws -> (directory: URL, file: URL, bytes: Int) {
        let fm = FileManager.default
        guard let size = (try? fm.attributesOfItem(atPath: file.path))?[.size] as? Int else {
            throw ValidationError("no bundle \(file.path) (generate the input with --bundles)")
        }
        let directory = work.appendingPathComponent(name)
        try? fm.removeItem(at: directory)
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let link = directory.appendingPathComponent(file.lastPathComponent)
        try fm.createSymbolicLink(at: link, withDestinationURL: file)
        return (directory, link, size)
    }

    /// A baseline to run on the same file: its label and command, or why it is missing.
    private enum Reference {
        case command(label: String, executable: String, arguments: [String])
        case missing(String)
    }

    private func measure(bundle: (directory: URL, file: URL, bytes: Int), label: String, work: URL, me: String,
                         baselineBinary: String?, references: [Reference]) throws {
        let megabytes = Double(bundle.bytes) / 1e6
        print("")
        print(String(format: "  %@: %.1f MB", bundle.file.lastPathComponent, megabytes))
        print("    what                                   wall s     MB/s   CPU s (user + sys)   MB/CPU-s   peak RSS")
        let output = work.appendingPathComponent("out-\(label)")
        let arguments = ["convert", bundle.directory.path, "--out", output.path, "--quiet", "--formats", formats,
                         "--threads", String(threads)]
        let ours = try best { try ChildRun.run(me, arguments) }
        row("convert (this binary)", ours, megabytes)
        if ours.status > 1 { print("    convert failed with exit status \(ours.status)") }
        if let baselineBinary {
            let theirs = try best { try ChildRun.run(baselineBinary, arguments.map { $0 == output.path ? output.path + "-baseline" : $0 }) }
            row("convert (" + URL(fileURLWithPath: baselineBinary).lastPathComponent + ")", theirs, megabytes)
            ratio("this binary ÷ that binary", ours, theirs)
            try? FileManager.default.removeItem(atPath: output.path + "-baseline")
        }
        for reference in references {
            switch reference {
            case .missing(let why):
                print("    baseline missing: \(why)")
            case .command(let name, let executable, let referenceArguments):
                let run = try best { try ChildRun.run(executable, referenceArguments) }
                if run.status != 0 {
                    print("    baseline \(name) failed with exit status \(run.status); no ratio")
                } else {
                    row(name, run, megabytes)
                    ratio("convert ÷ \(name)", ours, run)
                }
            }
        }
        try? FileManager.default.removeItem(at: work.appendingPathComponent("duckdb-player_games.csv"))
    }

    /// The fastest of `repeats` runs by wall time.
    private func best(_ body: () throws -> ChildRun) throws -> ChildRun {
        var runs: [ChildRun] = []
        for _ in 0..<repeats { runs.append(try body()) }
        return runs.min { $0.wall < $1.wall }!
    }

    private func row(_ name: String, _ run: ChildRun, _ megabytes: Double) {
        let cpu = String(format: "%.2f (%.2f + %.2f)", run.cpu, run.user, run.system)
        print("    " + name.padding(toLength: 36, withPad: " ", startingAt: 0)
              + String(format: " %7.2f  %7.1f   ", run.wall, megabytes / max(run.wall, 1e-9))
              + cpu.padding(toLength: 20, withPad: " ", startingAt: 0)
              + String(format: " %8.1f   %6.0f MiB", megabytes / max(run.cpu, 1e-9), Double(run.peakRSS) / 1_048_576))
    }

    private func ratio(_ name: String, _ a: ChildRun, _ b: ChildRun) {
        print(String(format: "    %@: %.2f× by wall MB/s, %.2f× by MB/CPU-s", name, b.wall / max(a.wall, 1e-9),
                     b.cpu / max(a.cpu, 1e-9)))
    }

    /// `orjson.loads` over every line (`Tests/Benchmarks/baselines/orjson_lines.py`) with a Python that has orjson.
    private func orjsonBaseline(file: URL, cwd: URL) -> Reference {
        pythonBaseline("orjson_lines.py", module: "orjson", label: "orjson.loads per line", arguments: [file.path], cwd: cwd)
    }

    /// DuckDB writing a sorted `player_games` CSV from the bundle on two threads
    /// (`Tests/Benchmarks/baselines/duckdb_player_games.py`): one table in one format, the conversion a data engineer
    /// would otherwise script, with the JSON types `inferred` by `read_json` or `declared` in the query.
    private func duckDBBaseline(file: URL, schema: String, work: URL, cwd: URL) -> Reference {
        let output = work.appendingPathComponent("duckdb-player_games.csv").path
        return pythonBaseline("duckdb_player_games.py", module: "duckdb", label: "DuckDB player_games, \(schema) types",
                              arguments: [file.path, output, "2", schema], cwd: cwd)
    }

    /// A script of `Tests/Benchmarks/baselines` run by the bench's Python (`--python`, else `.venv-bench/bin/python`
    /// if present, else `python3`), or why it cannot run: the script is missing, or that Python lacks `module`.
    private func pythonBaseline(_ name: String, module: String, label: String, arguments: [String], cwd: URL) -> Reference {
        let script = cwd.appendingPathComponent("Tests/Benchmarks/baselines/\(name)").path
        guard FileManager.default.fileExists(atPath: script) else {
            return .missing("\(script) not found (run from the repository root)")
        }
        let venv = cwd.appendingPathComponent(".venv-bench/bin/python").path
        let python = self.python ?? (FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3")
        guard let check = try? ChildRun.run(python, ["-c", "import \(module)"]), check.status == 0 else {
            return .missing("\(python) cannot import \(module) (python3 -m venv .venv-bench && .venv-bench/bin/pip install \(module))")
        }
        return .command(label: label, executable: python, arguments: [script] + arguments)
    }

    /// The bare libxml2 `xmlTextReader` walk (`Tests/Benchmarks/baselines/xmlreader_walk.c`), compiled with `cc -O2`.
    private func xmlWalkBaseline(file: URL, work: URL, cwd: URL) -> Reference {
        let source = cwd.appendingPathComponent("Tests/Benchmarks/baselines/xmlreader_walk.c").path
        guard FileManager.default.fileExists(atPath: source) else {
            return .missing("\(source) not found (run from the repository root)")
        }
        let binary = work.appendingPathComponent("xmlreader_walk").path
        let compile = ["-O2", source, "-I/usr/include/libxml2", "-lxml2", "-o", binary]
        guard let built = try? ChildRun.run("cc", compile), built.status == 0 else {
            return .missing("cc \(compile.joined(separator: " ")) failed (needs a C compiler and libxml2-dev)")
        }
        return .command(label: "C libxml2 xmlTextReader walk", executable: binary, arguments: [file.path])
    }
}
