// Typings of documents.mjs, for tests/web/site-build.test.ts.
export interface MarkdownDocument {
  kind: 'markdown';
  repoPath: string;
  title: string;
  html: string;
}
export interface FolderListing {
  kind: 'listing';
  repoPath: string;
  title: string;
  entries: string[];
}
export type Document = MarkdownDocument | FolderListing;
/** Every document reached from `starts` (repository paths), rendered; throws listing every broken link. */
export function collectDocuments(
  root: string,
  starts: readonly string[],
): { documents: Map<string, Document>; files: Set<string>; externals: Set<string> };
