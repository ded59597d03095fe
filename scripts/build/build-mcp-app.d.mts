/** Where the view's HTML document is written: dist/mcp/answer-ui-block.html. */
export declare const VIEW_FILE: string;
/** Builds the view's self-contained HTML document, writes it to VIEW_FILE and returns it. */
export declare function buildMcpApp(): Promise<string>;
