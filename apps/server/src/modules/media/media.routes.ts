import { envelope, errorBody, mediaDto } from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { actingOrganiser } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MediaService } from './media.service.ts';
import { readUploadedFile } from './media.upload.ts';

const uploadErrors = { 400: errorBody, 401: errorBody, 413: errorBody, 415: errorBody };

/** Image upload and serving, under /api/v1/media. */
export function mediaRoutes(media: MediaService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['media'];

    app.post('/', {
      schema: {
        tags,
        summary:
          'Upload an image (multipart/form-data, field `file`): JPEG, PNG or WebP up to 5 MB',
        description:
          'The type is checked from the content. The image is decoded, turned upright, resized to at most 2000 px and re-encoded (JPEG, or WebP when it has transparency); metadata is dropped.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: envelope(mediaDto), ...uploadErrors },
      },
      // Images belong to the organiser they are uploaded for (a manager uploads the owner's).
      config: { access: 'manage' },
      onRequest: requireUser(auth),
      handler: async (request, reply) => {
        const bytes = await readUploadedFile(request);
        const stored = await media.storeImage(actingOrganiser(request), bytes);
        return reply.status(201).send({ data: stored, message: 'Image uploaded.' });
      },
    });

    app.get('/:id', {
      schema: {
        tags,
        summary:
          'An uploaded image; immutable, cached for a year, answers 304 to a matching If-None-Match',
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: z.unknown().describe('The image bytes (image/jpeg or image/webp)'),
          304: z.unknown().describe('Not modified'),
          404: errorBody,
        },
      },
      handler: async (request, reply) => {
        const image = await media.read(request.params.id);
        if (!image) throw notFound('This image does not exist.');
        void reply.headers({
          'cache-control': 'public, max-age=31536000, immutable',
          etag: image.etag,
          // Link previews and other sites may show a public event's cover.
          'cross-origin-resource-policy': 'cross-origin',
        });
        if (etagMatches(request.headers['if-none-match'], image.etag))
          return reply.status(304).send();
        return reply.type(image.contentType).send(image.bytes);
      },
    });
  };
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}
