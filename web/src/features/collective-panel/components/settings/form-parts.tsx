// Small form pieces of the settings tabs: the image picker (type and size checked before upload)
// and reading field errors out of an API error. Fields are components/form/field.tsx.
import { useEffect, useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { checkImageFile } from '@shared/catalog/admin-api';
import { Field } from '@/components/form/field';
import { ApiError } from '@/lib/api-client';

export function errorsFrom(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 401) return { fields: {}, message: 'Sign in as the collective to make changes.' };
  if (error instanceof ApiError && error.status === 403) return { fields: {}, message: 'This account cannot change this collective.' };
  if (error instanceof ApiError) {
    const fields = { ...error.fields };
    if (fields.file) fields.image = fields.file;
    return { fields, message: Object.keys(fields).length ? null : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
}

export const IMAGE_HINT = 'PNG, JPG, GIF up to 10MB';
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif';

/** A file input for PNG/JPG/GIF up to 10 MB with a preview; reports the file or a problem. */
export function ImagePicker({
  label,
  file,
  error,
  onChange,
  className,
}: {
  label: string;
  file: File | null;
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
  className?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Field label={label} hint={IMAGE_HINT} error={error} className={className}>
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            className="input"
            accept={IMAGE_ACCEPT}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? checkImageFile(chosen) : null;
              onChange(problem ? null : chosen, problem);
              if (problem) e.target.value = '';
            }}
          />
          {preview && <img src={preview} alt="Selected image preview" style={{ maxWidth: 120, maxHeight: 120, borderRadius: 8, marginTop: 8 }} />}
        </>
      )}
    </Field>
  );
}
