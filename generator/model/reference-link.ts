// Where the docs site (`docex docs`) shows an operation: its API's reference page, and Redoc's route to the
// operation's section, `#/<tag>/<operationid>` (the tag slugged, `other` for an untagged operation, the
// operationId lower-cased), as the site test opens it. In the model, which links each operation there (docs reads it too).

/** `document/v1` -> `document-v1`: the reference page's file name. */
export function slugOf(id: string): string {
  return id.replace(/\//g, '-');
}

/** `Scalar Galaxy` -> `scalar-galaxy`: a name safe in a URL and a file name; empty when nothing is left. */
export function kebab(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The link to an operation's section on the docs site published at `docsUrl`. */
export function referenceLink(docsUrl: string, apiId: string, tag: string | undefined, operationId: string): string {
  const route = kebab(tag ?? 'other') || 'other';
  return `${docsUrl.replace(/\/*$/, '/')}reference/${slugOf(apiId)}.html#/${route}/${operationId.toLowerCase()}`;
}
