// Vite turns `?url` imports into the built file's address (the worker is served from 'self').
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
