import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarProfiles, documents, feedback, videoRenders, voiceProfiles } from '../../db/schema';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { fileReferences } from './file-references';

/*
 * Housekeeping deletes a stored file no column names a day after its upload, and a deleted
 * feedback item or profile takes its files along unless another row still names them. The
 * columns are read from the database's foreign keys to files: each column the schema
 * declares as naming a file must be among them, or its files would be deleted under it.
 */
const NAMING_A_FILE = [
  documents.fileId,
  feedback.audioFileId,
  feedback.regionCropFileId,
  voiceProfiles.sampleFileId,
  avatarProfiles.imageFileId,
  avatarProfiles.videoFileId,
  videoRenders.audioFileId,
  videoRenders.videoFileId,
];

describe.each(testBackends())('the columns that name a stored file on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('are every foreign key to files, the ones the schema declares among them', async () => {
    const found = (await fileReferences(t.ctx.db)).map((r) => `${r.table}.${r.column}`);
    const declared = NAMING_A_FILE.map((column) => `${getTableName(column.table)}.${column.name}`);
    expect(found.sort()).toEqual(declared.sort());
  });

  it('are read in the caller’s transaction too', async () => {
    const inside = await t.ctx.db.transaction((tx) => fileReferences(tx));
    expect(inside).toHaveLength(NAMING_A_FILE.length);
  });
});
