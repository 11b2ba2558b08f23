import type { MultipartFile } from '@fastify/multipart';
import { EDITOR_MESSAGES, editorMessage, fileSizeText } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { IMAGE_CONTENT_TYPES } from './images.js';
import {
  mediaAssetEnvelope,
  mediaListQuerySchema,
  mediaPageReply,
  mediaParams,
  mediaPatchSchema,
} from './schema.js';
import { editImage, listImages, MAX_IMAGE_BYTES, openImageFile, uploadImage } from './service.js';

/** Uploaded images never change under their URL (a new upload is a new id): cache them for a year. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * Every media response: the type we set is the type the browser uses, and a file opened on its
 * own runs nothing (no script, no plugin, a sandboxed opaque origin).
 */
export const MEDIA_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

const fileParams = z.object({ id: z.string().max(64), file: z.string().max(32) });
const fileQuery = z.object({ format: z.string().max(16).optional() });

/** The request's one file part; 415 unless the request is multipart, 400 when it holds no file. */
export async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw new HttpError(415, EDITOR_MESSAGES.unableToUploadFile, undefined, {
      file: 'Send the file as multipart/form-data.',
    });
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    // A body that says multipart but is cut short or malformed: the sender's fault, not ours.
    throw new HttpError(400, EDITOR_MESSAGES.errorUploading);
  }
  if (!part)
    throw new HttpError(400, EDITOR_MESSAGES.unableToUploadFile, undefined, { file: 'No file was sent.' });
  return part;
}

/** Spec §5: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.' */
export function fileTooLarge(fileName: string, maxBytes: number): HttpError {
  return new HttpError(413, editorMessage('fileTooLarge', { fileName, maxSize: fileSizeText(maxBytes) }));
}

/** Turns multipart's stream errors into the editor's messages: too large (413) or 'Error uploading'. */
export function uploadError(error: unknown, fileName: string, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(fileName, maxBytes);
  return new HttpError(400, EDITOR_MESSAGES.errorUploading);
}

export function actorOf(request: FastifyRequest) {
  return request.contributor ? { id: request.contributor.id, email: request.contributor.email } : null;
}

async function serveImage(services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  const { id, file } = parseOr400(fileParams, request.params);
  const { format } = parseOr400(fileQuery, request.query);
  const found = await openImageFile(services.media, id, file, format);
  if (!found?.stored) return reply.status(404).headers(MEDIA_SECURITY_HEADERS).send({ message: 'Not found' });
  return reply
    .headers(MEDIA_SECURITY_HEADERS)
    .header('cache-control', IMMUTABLE_CACHE)
    .header('content-length', found.stored.size)
    .type(found.contentType)
    .send(found.stored.stream);
}

/** The owner's media library (/api/config/media) and the public image files (/media/{id}/{file}). */
export function mediaRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  api.post(
    '/api/config/media',
    {
      preValidation: requirePermission(services, 'media.write'),
      schema: {
        description:
          'A multipart/form-data upload with one file part (JPEG, PNG, WebP or GIF); its body is read as a stream, not by a schema.',
        response: { 201: mediaAssetEnvelope },
      },
    },
    async (request, reply) => {
      const ctx = await services.context();
      const part = await filePart(request, MAX_IMAGE_BYTES);
      if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(part.mimetype)) {
        part.file.resume();
        throw new HttpError(415, EDITOR_MESSAGES.unableToUploadFile, undefined, {
          file: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
        });
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        throw uploadError(error, part.filename, MAX_IMAGE_BYTES);
      }
      const asset = await uploadImage(ctx, actorOf(request), services.media, {
        fileName: part.filename,
        data,
      });
      return reply.status(201).send({ asset });
    },
  );

  api.get(
    '/api/config/media',
    {
      preValidation: requirePermission(services, 'products.read'),
      config: FIELD_ERRORS,
      schema: { querystring: mediaListQuerySchema, response: { 200: mediaPageReply } },
    },
    async (request) => listImages(await services.context(), request.query.page),
  );

  api.patch(
    '/api/config/media/:id',
    {
      preValidation: requirePermission(services, 'media.write'),
      config: FIELD_ERRORS,
      schema: { params: mediaParams, body: mediaPatchSchema, response: { 200: mediaAssetEnvelope } },
    },
    async (request) => ({
      asset: await editImage(await services.context(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.get('/media/:id/:file', (request, reply) => serveImage(services, request, reply));
}
