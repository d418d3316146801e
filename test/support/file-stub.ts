// Static assets under jest: the import resolves to its path string, as Vite would give.
export default 'test-file-stub';
