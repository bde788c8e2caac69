/* Baseline for `convert` of a profile-XML bundle: walks every node of a file with libxml2's
 * xmlTextReader (the reader steam-mate uses, same options: no network, no entities), touching each
 * node's name and value, and prints the bytes and node count.
 * Build: cc -O2 xmlreader_walk.c $(pkg-config --cflags --libs libxml-2.0) -o xmlreader_walk */
#include <libxml/xmlreader.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE.xml\n", argv[0]); return 2; }
    xmlTextReaderPtr reader = xmlReaderForFile(argv[1], NULL, XML_PARSE_NONET | XML_PARSE_COMPACT | XML_PARSE_HUGE);
    if (!reader) { fprintf(stderr, "cannot open %s\n", argv[1]); return 1; }
    unsigned long nodes = 0, text = 0;
    int rc;
    while ((rc = xmlTextReaderRead(reader)) == 1) {
        const xmlChar *name = xmlTextReaderConstName(reader);
        const xmlChar *value = xmlTextReaderConstValue(reader);
        nodes++;
        if (name) text += strlen((const char *)name);
        if (value) text += strlen((const char *)value);
    }
    xmlFreeTextReader(reader);
    printf("%lu nodes, %lu text bytes, rc %d\n", nodes, text, rc);
    return rc == 0 ? 0 : 1;
}
