export { fileTooLarge, readSingleFile } from './multipart';
export { privatePage, privatePageHeaders } from './private-page';
export { STORED_FILE_CSP, sendWithRanges } from './stored-file';
