import { describe, expect, test } from 'vitest';
import {
  displayMediaConstraints,
  isScreenRecordingSupported,
  pickMimeType,
  recordingFileName,
} from './screen-recorder';

describe('screen recorder', () => {
  test('prefers webm', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp8');
  });

  test('falls back to mp4 where webm is not supported', () => {
    expect(pickMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4');
  });

  test('has no container when nothing is supported', () => {
    expect(pickMimeType(() => false)).toBeNull();
  });

  test('names the file after its container', () => {
    expect(recordingFileName('video/webm;codecs=vp8')).toBe('screen-recording.webm');
    expect(recordingFileName('video/mp4;codecs=avc1')).toBe('screen-recording.mp4');
  });

  test('asks for up to 3072 x 1728 at 10 fps, at most 24', () => {
    expect(displayMediaConstraints()).toEqual({
      video: { width: { ideal: 3072 }, height: { ideal: 1728 }, frameRate: { ideal: 10, max: 24 } },
      audio: false,
    });
  });

  test('is unsupported without getDisplayMedia', () => {
    expect(isScreenRecordingSupported({ mediaDevices: {} } as unknown as Navigator)).toBe(false);
  });
});
