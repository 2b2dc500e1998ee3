import { ATTACHMENT_LIMITS, attachmentProblem } from '@/domain/tickets';

export interface PendingAttachment {
  /** A key for the list of files to send. */
  key: string;
  name: string;
  type: string;
  size: number;
  dataUrl: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

/**
 * Checks picked files against the limits before anything is uploaded; reads the good ones as data URLs. Answers the
 * files to attach and the problems of the others (one message per file), so the user sees every reason at once.
 */
export async function readAttachments(
  files: readonly File[],
  alreadyAttached: number,
): Promise<{ attached: PendingAttachment[]; problems: string[] }> {
  const problems: string[] = [];
  const attached: PendingAttachment[] = [];
  for (const file of files) {
    if (alreadyAttached + attached.length >= ATTACHMENT_LIMITS.maxFiles) {
      problems.push(`Attach at most ${ATTACHMENT_LIMITS.maxFiles} files to one message; ${file.name} was left out.`);
      continue;
    }
    const problem = attachmentProblem(file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    attached.push({
      key: crypto.randomUUID(),
      name: file.name,
      type: file.type,
      size: file.size,
      dataUrl: await readAsDataUrl(file),
    });
  }
  return { attached, problems };
}
