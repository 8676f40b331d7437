import type { ParentReport, ReportVideo } from '@contract/parent-reports';
import {
  MISSING_INFORMATION,
  type ReportTemplate,
  reportTemplate,
} from '@contract/report-templates';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { startVideoRender } from '@web/lib/video-renders';
import { useEffect, useId, useMemo, useState } from 'react';
import { useCreateReport, useMakeReportVideo, useUpdateReport } from '../api/reports';
import { PreviewTab } from './preview-tab';
import { PupilPicker } from './pupil-picker';
import { type ProcessedRecording, ReportRecorder, type TranscriptSource } from './report-recorder';
import { SavedRecording } from './saved-recording';
import { TranscriptStep } from './transcript-step';
import { useVideoSettled } from './use-video-settled';

interface ReportFormProps {
  report: ParentReport | null;
  template: ReportTemplate | null;
  onClose: () => void;
}

/** The dialog's body; mounted afresh on every opening, so its state starts empty. */
export function ReportForm({ report, template, onClose }: ReportFormProps) {
  const shownTemplate = template ?? reportTemplate(report?.templateId);
  const [studentId, setStudentId] = useState(report?.studentId ? String(report.studentId) : '');
  const [subjects, setSubjects] = useState(report?.subjects ?? template?.subjects ?? '');
  const [transcript, setTranscript] = useState(report?.transcript ?? '');
  const [enhanced, setEnhanced] = useState(report?.content ?? '');
  const [source, setSource] = useState<TranscriptSource | null>(report ? 'typed' : null);
  // This session's clip, and the stored recording the draft keeps (this one's, or saved).
  const [recording, setRecording] = useState<Blob | null>(null);
  const [recordingUrl, setRecordingUrl] = useState<string | null>(report?.recordingUrl ?? null);
  const [recordingAgain, setRecordingAgain] = useState(false);
  // The report's video as saved, or a preview made before the first save.
  const [video, setVideo] = useState<ReportVideo | null>(report?.video ?? null);
  const [previewRenderId, setPreviewRenderId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<number | null>(report?.id ?? null);
  const [savedNow, setSavedNow] = useState(false);
  const [tab, setTab] = useState('record');
  const subjectsId = useId();
  const create = useCreateReport();
  const update = useUpdateReport();
  const makeVideo = useMakeReportVideo();
  const saving = create.isPending || update.isPending;
  const hasEnhanced = enhanced.trim().length > 0;
  const hasTranscriptStep = source !== null;
  const hasRecording = recordingUrl !== null;
  const renderId = previewRenderId ?? video?.renderId ?? null;
  useVideoSettled(renderId);

  // The clip plays from memory while the dialog is open; a saved draft's from the server.
  const clipUrl = useMemo(() => (recording ? URL.createObjectURL(recording) : null), [recording]);
  useEffect(() => () => (clipUrl ? URL.revokeObjectURL(clipUrl) : undefined), [clipUrl]);

  const onProcessed = ({ blob, result, source: from }: ProcessedRecording) => {
    setRecording(blob);
    setRecordingUrl(result.audioUrl);
    setRecordingAgain(false);
    setTranscript(result.transcript);
    setEnhanced(result.enhancedTranscript);
    setSource(from);
    // A preview made from the last recording is not this one's.
    setPreviewRenderId(null);
  };

  const applySaved = (saved: ParentReport) => {
    setVideo(saved.video);
    setPreviewRenderId(null);
  };

  const save = async () => {
    const id = Number(studentId);
    if (!id || !subjects.trim()) {
      toast({
        title: 'Missing information',
        description: MISSING_INFORMATION,
        variant: 'destructive',
      });
      return;
    }
    // A preview made before the first save is the report's video (it holds its own copy of
    // the recording); otherwise the draft keeps the recording and its video is made from it.
    const fields = {
      studentId: id,
      subjects: subjects.trim(),
      content: enhanced.trim(),
      transcript,
      videoUrl: previewRenderId ? `/api/videos/${previewRenderId}` : null,
      recordingUrl: previewRenderId ? null : recordingUrl,
    };
    try {
      if (savedId === null) {
        const created = await create.mutateAsync({ ...fields, templateId: template?.id ?? null });
        setSavedId(created.id);
        applySaved(created);
        setSavedNow(true);
        toast({ title: 'Report Saved', description: 'Your report was created as a draft.' });
      } else {
        applySaved(await update.mutateAsync({ id: savedId, changes: fields }));
        setSavedNow(true);
        toast({ title: 'Report Updated', description: 'Your draft has been saved.' });
      }
    } catch (error) {
      toast({
        title: 'Error saving report',
        description: errorMessage(error, 'The report could not be saved.'),
        variant: 'destructive',
      });
    }
  };

  // A saved draft makes its own video again; before the first save, a preview is made from
  // this session's clip (or, typed, in the synthesized voice) and saved with the report.
  const generate = async () => {
    setStarting(true);
    setVideoError(null);
    try {
      if (savedId !== null) {
        // The video speaks and captions the saved text: the edits on screen are saved first.
        // A new recording saved with them already starts its video.
        const before = video?.renderId ?? null;
        const saved = await update.mutateAsync({
          id: savedId,
          changes: { content: enhanced.trim(), transcript, recordingUrl },
        });
        const started = saved.video && saved.video.renderId !== before;
        applySaved(started ? saved : await makeVideo.mutateAsync({ id: savedId }));
      } else {
        const render = await startVideoRender(
          recording
            ? { voice: 'recording', transcript, enhancedTranscript: enhanced }
            : { voice: 'synthesized', transcript: enhanced, enhancedTranscript: enhanced },
          recording,
        );
        setPreviewRenderId(render.renderId);
      }
    } catch (cause) {
      setVideoError(errorMessage(cause, 'The video could not be started.'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="space-y-4">
      <PupilPicker value={studentId} onChange={setStudentId} />
      <div className="space-y-1.5">
        <Label htmlFor={subjectsId}>Subjects</Label>
        <Input
          id={subjectsId}
          value={subjects}
          maxLength={300}
          placeholder="e.g. English, Maths"
          onChange={(event) => setSubjects(event.target.value)}
        />
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Report steps">
          <TabsTrigger value="record">Record Audio</TabsTrigger>
          <TabsTrigger value="preview" disabled={!hasEnhanced}>
            Preview
          </TabsTrigger>
        </TabsList>
        <TabsContent value="record" className="space-y-5">
          <section aria-labelledby={`${subjectsId}-step1`} className="space-y-3">
            <h3 id={`${subjectsId}-step1`} className="text-sm font-semibold text-slate-900">
              Step 1 of 2: Record your voice feedback
            </h3>
            <div className={shownTemplate ? 'grid gap-4 md:grid-cols-[1fr_16rem]' : undefined}>
              {hasRecording && !recordingAgain ? (
                <SavedRecording
                  src={clipUrl ?? recordingUrl ?? ''}
                  onRecordAgain={() => setRecordingAgain(true)}
                />
              ) : (
                <div className="space-y-2">
                  <ReportRecorder onProcessed={onProcessed} />
                  {hasRecording ? (
                    <Button
                      variant="link"
                      className="px-0"
                      onClick={() => setRecordingAgain(false)}
                    >
                      Keep the saved recording
                    </Button>
                  ) : null}
                </div>
              )}
              {shownTemplate ? (
                <aside
                  aria-label={`${shownTemplate.name} prompts`}
                  className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
                >
                  <p className="font-medium">{shownTemplate.name}: what to talk about</p>
                  <ul className="mt-1 list-disc space-y-1 pl-4">
                    {shownTemplate.prompts.map((prompt) => (
                      <li key={prompt}>{prompt}</li>
                    ))}
                  </ul>
                </aside>
              ) : null}
            </div>
            {!hasTranscriptStep ? (
              <Button variant="link" className="px-0" onClick={() => setSource('typed')}>
                Type the report instead
              </Button>
            ) : null}
          </section>
          {hasTranscriptStep ? (
            <TranscriptStep
              source={source}
              transcript={transcript}
              onTranscriptChange={setTranscript}
              enhanced={enhanced}
              onEnhancedChange={setEnhanced}
            />
          ) : null}
        </TabsContent>
        <TabsContent value="preview">
          <PreviewTab
            renderId={renderId}
            hasRecording={hasRecording}
            recordingSrc={clipUrl ?? recordingUrl}
            enhanced={enhanced}
            starting={starting}
            error={videoError}
            onGenerate={generate}
          />
        </TabsContent>
      </Tabs>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-end">
        {savedNow ? (
          <p className="text-sm text-slate-600 sm:mr-auto" role="status">
            Saved as a draft.
          </p>
        ) : null}
        <Button variant="outline" onClick={onClose}>
          {savedNow ? 'Done' : 'Cancel'}
        </Button>
        <Button onClick={save} disabled={!hasEnhanced || saving}>
          {saving ? 'Saving…' : savedId !== null ? 'Save Changes' : 'Save Report'}
        </Button>
      </div>
    </div>
  );
}
