import type { QueryClient } from '@tanstack/react-query';
import { apiSteps } from './api-steps';
import { createUploadRunner, type UploadRunner } from './upload-runner';
import { xhrPartSender } from './xhr-part-sender';

/** The upload runner on the API layer: the four steps through the API layer, parts sent by XHR (for their progress events). */
export const apiUploadRunner = (queryClient: QueryClient): UploadRunner =>
  createUploadRunner({ steps: apiSteps(queryClient), sendPart: xhrPartSender });
