// Small form pieces of the settings tabs: the image picker (type and size checked before upload)
// and its binding to a form of the kit (use-form-submit.ts). Fields are components/form/field.tsx.
import { useEffect, useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { checkImageFile } from '@shared/catalog/admin-api';
import { Field } from '@/components/form/field';

/** An upload's error names the file; the forms show it on their image. */
export const IMAGE_FIELDS = { file: 'image' } as const;

/** A kit form with an `image` value (useForm, components/form/use-form-submit.ts). */
interface ImageForm {
  values: { image: File | null };
  errors: FieldErrors;
  set: (name: 'image') => (value: File | null) => void;
  setFieldError: (name: string, message: string | null) => void;
}

/** ImagePicker's props bound to `form`'s image: a refused file's problem shows on the field. */
export const imagePickerOf = (form: ImageForm) => ({
  file: form.values.image,
  error: form.errors.image,
  onChange: (file: File | null, problem: string | null) => {
    form.set('image')(file);
    form.setFieldError('image', problem);
  },
});

/** The picker's problem (in the errors shown) stays an error of the next submit until another file is chosen. */
export const pickerProblem = (shown: FieldErrors, file: File | null): string | undefined => (file ? undefined : shown.image);

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
