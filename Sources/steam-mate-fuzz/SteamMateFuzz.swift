import Foundation

#if FUZZING
/// libFuzzer's driver entry (LLVM ≥ 11): runs the fuzzing loop with our callback, parsing libFuzzer's flags.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The target of this process, chosen once from the environment (the C callback cannot capture it).
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["STEAM_MATE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("set STEAM_MATE_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point, for whichever `main` the linker keeps (libFuzzer's own, or ours calling the driver).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.run(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif

/// `steam-mate-fuzz`: libFuzzer targets for the input readers (see README, "Fuzzing").
///
/// Built with `-sanitize=fuzzer -DFUZZING` it is a libFuzzer binary: `STEAM_MATE_FUZZ_TARGET=<target>`
/// selects the reader and every argument is libFuzzer's. In a normal build it replays files instead:
/// `steam-mate-fuzz <target> FILE|DIR…` runs each file once through the reader (crash reproduction).
@main
struct SteamMateFuzz {
    static func main() {
        #if FUZZING
        _ = selectedTarget
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: steam-mate-fuzz <\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))> FILE|DIR…\n".utf8))
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                target.run(Array(FileManager.default.contents(atPath: file) ?? Data()))
                count += 1
            }
        }
        print("replayed \(count) inputs through \(target.rawValue)")
        #endif
    }

    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { file in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
