// word-extractor ships no types; this covers the part the doc engine uses.
declare module 'word-extractor' {
  interface BodyOptions {
    /** true (the default) turns curly quotes and dashes into ASCII. */
    filterUnicode?: boolean;
  }
  class WordDocument {
    getBody(options?: BodyOptions): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
