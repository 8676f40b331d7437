export { erasePupil } from './erase';
export { exportFileName, pupilExportEntries } from './export';
export { footprintOf, pupilRecords } from './records';
