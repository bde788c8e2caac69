extension JSONPullReader {
    /// Reads `bytes` as one JSON object and returns the string values of `keys`, in order: `nil` where a
    /// key is absent or `null` (a repeated key: the last one counts). Returns `nil` for input that is not
    /// valid JSON, not an object, or gives a wanted key a value other than a string or `null`. Other keys
    /// may hold anything. For the app's flat JSON Lines (decisions, pairing state), one line at a time,
    /// with no `Data` copy and no `Decodable` machinery.
    public static func stringFields(of bytes: UnsafeRawBufferPointer, keys: [StaticString]) -> [String?]? {
        var reader = JSONPullReader(bytes: bytes)
        var values = [String?](repeating: nil, count: keys.count)
        do {
            guard try reader.next() == .objectBegin else { return nil }
            while try reader.nextKey() {
                guard let wanted = keys.firstIndex(where: { reader.keyEquals($0) }) else {
                    try reader.skipValue()
                    continue
                }
                switch try reader.next() {
                case .string: values[wanted] = reader.string()
                case .null: values[wanted] = nil
                default: return nil
                }
            }
            guard try reader.next() == .endOfDocument else { return nil }
        } catch {
            return nil
        }
        return values
    }
}
