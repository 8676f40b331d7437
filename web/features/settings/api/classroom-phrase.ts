/** The teacher's classroom passphrase, or null while there is none to show. */
export function useClassroomPhrase(): string | null {
  // GET /api/settings/classroom-phrase arrives with the pupil hand-in issue; until then, none.
  return null;
}
