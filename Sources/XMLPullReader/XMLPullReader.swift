import CLibXML2

/// PLACEHOLDER: the streaming xmlTextReader wrapper (the only importer of CLibXML2).
public struct XMLPullReader {}
