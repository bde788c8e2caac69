/// The hidden file `generate` leaves in a synthetic dataset, so the next `generate --out` to the same
/// place recognises it as its own and may replace it. Hidden files are never read as input.
public enum SyntheticDatasetMarker {
    public static let fileName = ".steam-mate-generated"
    public static let contents = "A synthetic dataset written by `steam-mate generate`; the next generate to this path replaces it.\n"
}
