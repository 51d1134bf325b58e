// Context: shared (pure, no imports), so the recorder and its relay bundle nothing else. The tags that mark
// the recorder's messages; a tag is a label, not a secret: the page can read and forge every one.
export const RECORDER_MESSAGE_KIND = 'rmx-recorder';
export const RECORDER_WINDOW_TAG = '__remixletRecorder';
