export { storeRecording } from './recording';
