/// A raw pointer handed to parallel workers that each initialise a disjoint range.
struct UnsafeSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>?
}
