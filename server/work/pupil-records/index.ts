export { erasePupil } from './erase';
export { exportFileName, pupilExportEntries } from './export';
export { mergeStudents } from './merge';
export { footprintOf, pupilRecords } from './records';
