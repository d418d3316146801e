// The id of the JSON data block a page rendered on request carries (app/server-render.tsx writes
// it, main.tsx reads it): on its own so the entry does not import the renderer.
export const PAGE_DATA_ID = 'drift-data';
