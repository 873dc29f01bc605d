import type { AvatarResponse, AvatarSignUrlResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ApiError, NETWORK_ERROR_MSG } from '../../../lib/api-error.ts';
import { accountKeys } from './query-keys.ts';

/**
 * PUTs the file to the signed URL (our server's, or the bucket's). XHR rather than fetch: only
 * XHR reports upload progress. No Authorization header: the URL's signature is the permission.
 */
function putFile(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let msg = 'The upload failed. Please try again.';
      try {
        msg = (JSON.parse(xhr.responseText) as { msg?: string }).msg ?? msg;
      } catch {
        // a bucket answers in XML: keep the general message
      }
      reject(new ApiError(xhr.status === 413 ? 'BAD_REQUEST' : 'UPLOAD_FAILED', xhr.status === 413 ? 'Image size less than 1MB!' : msg, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', NETWORK_ERROR_MSG, 0));
    xhr.send(file);
  });
}

/** sign_url, the PUT, then POST /avatar: the server judges the bytes and makes the avatar. */
export async function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<AvatarResponse> {
  const signed = await api.post<AvatarSignUrlResponse>('/api/account/avatar/sign_url', { file_name: file.name });
  await putFile(signed.url, file, onProgress);
  return api.post<AvatarResponse>('/api/account/avatar', { key: signed.key });
}

export const useUploadAvatar = (onProgress: (fraction: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    // The profile refetch stores the new user (session-sync.tsx), and the header follows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
};
