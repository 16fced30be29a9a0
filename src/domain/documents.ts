/**
 * Document rules (spec §5 "Document id", "Download type", "Names"; §2 "Other screens" builder
 * edit; §2 "Upsell" and §9 auto-download delays). Pure: the API, the server and the dashboard
 * stand-in all ask these.
 */
import { EMPTY_GUID } from '../api/schemas/common';
import { isTestVariation, readExperimentAssignments, variationOf } from './experiments';

export type DocTypeCode = 'RSME' | 'LETR';

/** The formats this back end can write; any other asked-for type falls back to PDF. */
export const DOWNLOAD_FORMATS = ['PDF', 'TXT'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DEFAULT_DOWNLOAD_FORMAT: DownloadFormat = 'PDF';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document id that names something: a GUID, and not the all-zero one. */
export const isPresentDocumentId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && GUID.test(id.trim()) && id.trim() !== EMPTY_GUID;

/**
 * The document to act on: the id the address carries, else the id fetched for the asked-for
 * type, else the id of the other type's latest document. Null when none names a document.
 */
export function fallbackDocumentId(
  fromQuery: string | null | undefined,
  fetched: string | null | undefined,
  otherType: string | null | undefined,
): string | null {
  for (const candidate of [fromQuery, fetched, otherType])
    if (isPresentDocumentId(candidate)) return candidate.trim().toLowerCase();
  return null;
}

export const otherDocType = (docType: DocTypeCode): DocTypeCode => (docType === 'RSME' ? 'LETR' : 'RSME');

/**
 * The file type of a download: from a comma list the first entry counts; a type this back end
 * does not write (Word, RTF, HTML...) falls back to PDF, and so does none at all.
 */
export function downloadFormat(requested: string | null | undefined): DownloadFormat {
  const first = (requested ?? '').split(',')[0]!.trim().toUpperCase();
  return (DOWNLOAD_FORMATS as readonly string[]).includes(first) ? (first as DownloadFormat) : DEFAULT_DOWNLOAD_FORMAT;
}

/** Names at or above this many characters count as long and are shown cut. */
export const LONG_NAME_LENGTH = 25;

export const isLongName = (name: string, limit = LONG_NAME_LENGTH): boolean => [...name.trim()].length >= limit;

/** A long name cut to `limit` characters with an ellipsis; a shorter one as it is. */
export function cutName(name: string, limit = LONG_NAME_LENGTH): string {
  const trimmed = name.trim();
  return isLongName(trimmed, limit) ? `${[...trimmed].slice(0, limit).join('').trimEnd()}…` : trimmed;
}

/** The builder's edit page of a document: resumes have a mobile editor, letters one editor. */
export function builderEditPath(docType: DocTypeCode, mobile: boolean, documentId: string): string {
  const path = docType === 'LETR' ? '/build/letter' : mobile ? '/build-resume/mobile' : '/build/resume';
  return `${path}?${new URLSearchParams({ mode: 'edit', documentid: documentId })}`;
}

export const DESKTOP_AUTO_DOWNLOAD_DELAY_MS = 5000;
export const MOBILE_AUTO_DOWNLOAD_DELAY_MS = 3000;

export interface AutoDownloadInput {
  mobile: boolean;
  /** The person is in a test variation (3 or higher) of the auto-download delay experiment. */
  inDelayTest: boolean;
  /** The download may start at once (on mobile, skips the wait). */
  instantDownload: boolean;
}

/**
 * How long to wait before a requested download starts: 5 s on desktop in the test variation,
 * 3 s on mobile when an instant download is not allowed, otherwise at once.
 */
export function autoDownloadDelayMs({ mobile, inDelayTest, instantDownload }: AutoDownloadInput): number {
  if (mobile) return instantDownload ? 0 : MOBILE_AUTO_DOWNLOAD_DELAY_MS;
  return inDelayTest ? DESKTOP_AUTO_DOWNLOAD_DELAY_MS : 0;
}

/**
 * The whole seconds still to wait, as the countdown shows them: rounded up, so it reads 5, 4, …, 1
 * and never 0 before the download starts; 0 once the wait is over.
 */
export function secondsLeft(delayMs: number, elapsedMs: number): number {
  if (!Number.isFinite(delayMs) || !Number.isFinite(elapsedMs)) return 0;
  return Math.max(0, Math.ceil((delayMs - Math.max(0, elapsedMs)) / 1000));
}

/** The experiment whose test variations (3 and up) wait 5 s on desktop before a requested download. */
export const AUTO_DOWNLOAD_DELAY_EXPERIMENT = 'e1000000-0000-4000-8000-000000000023';

/** Whether the assignment cookie puts this person, on this portal, in a test variation of the delay experiment. */
export const inAutoDownloadDelayTest = (cookieHeader: string | null | undefined, portalCode: string): boolean =>
  isTestVariation(variationOf(readExperimentAssignments(cookieHeader, portalCode), AUTO_DOWNLOAD_DELAY_EXPERIMENT));
