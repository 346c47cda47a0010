import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';

export interface DownloadPosterInput {
  /** The poster's API path from the share kit (posterPng or posterPdf). */
  path: string;
  fallbackName: string;
}

/** GET /events/manage/share-kit/{eventId}/poster.{png,pdf}, with the bearer token. */
export function downloadPoster({ path, fallbackName }: DownloadPosterInput): Promise<void> {
  return downloadWithToken(path, fallbackName);
}

export function useDownloadPoster() {
  return useMutation({ mutationFn: downloadPoster });
}
