// The write mix of figure 8: what validation and storing cost, beside reads. Five requests in turn on the documents
// collection: GET a page, GET a document, POST a new document, PUT a document with If-Match (the ETag its last
// answer gave), DELETE a document the mix created (so the collection keeps its size, and what stays in memory is
// what the sandbox keeps, not what the mix adds). The same requests go to the sandbox and to Prism.

const STEPS = ['list', 'read', 'create', 'replace', 'remove'];

/**
 * `base`: the documents API (`http://.../document/v1` or Prism's root); `ids`: documents that exist; `template`: a
 * valid DocumentInput (sender and receiver that exist). Returns `round()`, which gives `next(i)` for
 * bench/lib/http-load.mjs's load() (each round its own documentIdentifiers: one sent again would be a duplicate, 409),
 * and the ETags it keeps.
 */
export function writeMix(base, headers, ids, template) {
  const etags = new Map();
  let prefix = '';
  let rounds = 0;
  const created = [];
  const json = { ...headers, 'content-type': 'application/json' };
  // The ETag a PUT answered is the one the next PUT on that document sends; a read keeps one only where none is known
  // (a read answered after a PUT crossing it would put back the older one, and the next PUT would get a 412).
  const keep = (id, known = false) => (status, h) => {
    if (status < 300 && h.etag && !(known && etags.has(id))) etags.set(id, h.etag);
  };
  const next = (i) => {
    const id = ids[Math.floor(i / STEPS.length) % ids.length];
    switch (STEPS[i % STEPS.length]) {
      case 'list':
        return { url: `${base}/documents?limit=10`, headers };
      case 'read':
        return { url: `${base}/documents/${id}`, headers, done: keep(id, true) };
      case 'create':
        return {
          url: `${base}/documents`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ...template, documentIdentifier: `${prefix}-${i}` }),
          done: (status, h) => {
            const made = status === 201 && h.location ? h.location.slice(h.location.lastIndexOf('/') + 1) : undefined;
            if (made && !ids.includes(made)) created.push(made);
          },
        };
      case 'replace':
        return {
          url: `${base}/documents/${id}`,
          method: 'PUT',
          headers: { ...json, 'if-match': etags.get(id) ?? '*' },
          body: JSON.stringify({ ...template, documentIdentifier: `KEEP-${id}`, note: `write ${i}` }),
          done: keep(id),
        };
      default: {
        const gone = created.shift();
        return gone ? { url: `${base}/documents/${gone}`, method: 'DELETE', headers } : { url: `${base}/documents/${id}`, headers };
      }
    }
  };
  return {
    etags,
    round() {
      prefix = `W${++rounds}`;
      return next;
    },
  };
}

/** A valid DocumentInput from a document's GET representation: its writable fields only. */
export function inputOf(doc) {
  const { documentType, sendMode, issueDate, dueDate, sender, receiver, amounts } = doc;
  return { documentType, sendMode, issueDate, dueDate, sender: { id: sender.id }, receiver: { id: receiver.id }, amounts };
}
