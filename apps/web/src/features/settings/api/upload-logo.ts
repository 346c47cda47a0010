import { envelope, mediaDto, type MediaDto } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(mediaDto);

/** POST /media (multipart, field `file`): JPEG, PNG or WebP up to 5 MB. */
export async function uploadLogo(file: File): Promise<MediaDto> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post('/media', form, {
    // The browser sets multipart/form-data with its boundary.
    headers: { 'Content-Type': undefined },
  });
  return answer.parse(response.data).data;
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
