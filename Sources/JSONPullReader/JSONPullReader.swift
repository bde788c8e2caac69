/// PLACEHOLDER: the byte-level JSON pull reader.
public struct JSONPullReader {}
