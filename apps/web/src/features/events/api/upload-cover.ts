import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

export interface UploadCoverInput {
  id: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /events/manage/{id}/cover (multipart, field `file`): JPEG, PNG or WebP up to 5 MB. */
export async function uploadCover({
  id,
  file,
  onProgress,
}: UploadCoverInput): Promise<ManageEventDto> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post(`/events/manage/${encodeURIComponent(id)}/cover`, form, {
    // The browser sets multipart/form-data with its boundary.
    headers: { 'Content-Type': undefined },
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(e.loaded / e.total);
    },
  });
  return answer.parse(response.data).data;
}

export function useUploadCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCover,
    onSuccess: (event) => storeEvent(client, event),
  });
}
