#!/bin/sh
# One backup of the database and its files into a new dated folder, then old ones removed.
# Run by classroom-voice-backup.service from the install folder, as the service's user,
# with the app's settings already in the environment (systemd reads
# /etc/classroom-voice/env; nothing here sources it).
#
#   sh deploy/nightly-backup.sh <backups folder> <days to keep>
#
# After a backup that succeeded, an executable /etc/classroom-voice/backup-offsite (if
# there is one) is run with the new folder: copy it off the machine there (docs/deploy.md).
set -eu

if [ "$#" -ne 2 ]; then
  echo "Usage: sh deploy/nightly-backup.sh <backups folder> <days to keep>" >&2
  exit 2
fi
backups=$1
keep_days=$2
offsite=${CLASSROOM_VOICE_BACKUP_OFFSITE:-/etc/classroom-voice/backup-offsite}
folder="$backups/$(date -u +%Y%m%dT%H%M%SZ)"
# A second run within the same second would get the first one's name, fail on its folder
# and rename that good backup to .failed: it waits for a name of its own instead.
while [ -e "$folder" ]; do
  sleep 1
  folder="$backups/$(date -u +%Y%m%dT%H%M%SZ)"
done

status=0
node_modules/.bin/tsx server/ops/backup-cli.ts "$folder" || status=$?
if [ "$status" -ne 0 ]; then
  # Kept for a look, under a name no restore picks by mistake; removed with the old ones.
  if [ -d "$folder" ]; then mv "$folder" "$folder.failed"; fi
  echo "Backup failed (exit $status); the last good backups are kept" >&2
  exit "$status"
fi

if [ -x "$offsite" ]; then
  "$offsite" "$folder"
fi

# Only after a backup that succeeded: a run of failed nights never removes the last good one.
find "$backups" -mindepth 1 -maxdepth 1 -mtime +"$keep_days" -exec rm -rf {} +
echo "Backed up to $folder; removed backups older than $keep_days days"
