/**
 * The feedback files search box (admin-console.md section 2): file names separated by commas; a comma
 * escaped with a backslash (`\,`) belongs to the name. Names are trimmed, empty ones dropped, repeats
 * kept once.
 */
export function splitFeedbackSearch(input: string): string[] {
  const names: string[] = [];
  let current = '';
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index];
    if (char === '\\' && input[index + 1] === ',') {
      current += ',';
      index += 1;
    } else if (char === ',') {
      names.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  names.push(current);
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/**
 * Where things are in object storage. A feedback file is an object of the feedback bucket whose key is
 * its file name (the apps upload there). A cloud project is the folder `projects/{projectId}/` of the
 * cloud-project bucket: its `project.json` manifest (`{projectId, ownerUid, title}`) and its media.
 * Copying one for feedback puts its objects under `cloud/{projectId}/{copiedAt}/` in the feedback
 * bucket, where the developers reproducing a report find them.
 */
export const CLOUD_PROJECT_PREFIX = 'projects/';
export const CLOUD_PROJECT_MANIFEST = 'project.json';
export const FEEDBACK_CLOUD_PREFIX = 'cloud/';
export const FEEDBACK_FILES_MAX = 100;
export const PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
