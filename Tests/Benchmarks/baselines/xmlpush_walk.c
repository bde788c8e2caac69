/* The libxml2 floor under steam-mate's XML reader since it left xmlTextReader: parses a file with
 * libxml2's push parser (64 KiB pushes, SAX2 callbacks that only count elements and text bytes, no
 * tree; options: no network) and prints the counts and the process CPU seconds. Compare with
 * xmlreader_walk.c on the same file to see what the text reader's tree costs.
 * Build: cc -O2 xmlpush_walk.c $(pkg-config --cflags --libs libxml-2.0) -o xmlpush_walk
 * Run:   ./xmlpush_walk profiles.xml */
#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static unsigned long elements, text;

static void started(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri, int namespaces,
                    const xmlChar **namespaceList, int attributes, int defaulted, const xmlChar **attributeList) {
    (void)context; (void)name; (void)prefix; (void)uri; (void)namespaces; (void)namespaceList;
    (void)attributes; (void)defaulted; (void)attributeList;
    elements++;
}

static void characters(void *context, const xmlChar *bytes, int length) {
    (void)context; (void)bytes;
    text += (unsigned long)length;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE.xml\n", argv[0]); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { fprintf(stderr, "cannot open %s\n", argv[1]); return 1; }
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = started;
    handler.characters = characters;
    handler.cdataBlock = characters;
    handler.ignorableWhitespace = characters;
    static char chunk[1 << 16];
    size_t got = fread(chunk, 1, 4, file);
    xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&handler, NULL, chunk, (int)got, argv[1]);
    if (!parser) { fprintf(stderr, "cannot create a parser\n"); return 1; }
    xmlCtxtUseOptions(parser, XML_PARSE_NONET);
    while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) xmlParseChunk(parser, chunk, (int)got, 0);
    xmlParseChunk(parser, chunk, 0, 1);
    int wellFormed = parser->wellFormed;
    xmlFreeParserCtxt(parser);
    fclose(file);
    struct timespec cpu;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    printf("%lu elements, %lu text bytes, well-formed %d, %.3f CPU-s\n", elements, text, wellFormed,
           (double)cpu.tv_sec + (double)cpu.tv_nsec * 1e-9);
    return wellFormed ? 0 : 1;
}
