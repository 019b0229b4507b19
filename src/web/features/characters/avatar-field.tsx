// 'Character Avatar': an image file with a live preview; only image types are taken. On the edit page the
// current picture shows until another is chosen. A missing avatar is named beside the field.
import { ImagePlus } from 'lucide-react';
import { type Ref, useEffect, useId, useState } from 'react';
import { FieldError } from './form-field.tsx';

export function AvatarField({
  onFileChange,
  currentUrl = null,
  error,
  inputRef,
}: {
  onFileChange: (file: File | null) => void;
  currentUrl?: string | null;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const errorId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // The object URL is a browser resource: release it when replaced or when the form goes away.
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  const shown = previewUrl ?? currentUrl;

  return (
    <div>
      <div className="flex items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-dashed border-line bg-ink/60">
          {shown ? (
            <img src={shown} alt="Avatar preview" className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-8 text-muted" aria-hidden />
          )}
        </div>
        <label className="block min-w-0 flex-1">
          <span className="mb-1 block text-sm text-muted">Character Avatar</span>
          <input
            ref={inputRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              if (file && !file.type.startsWith('image/')) {
                console.error('The avatar must be an image file');
                e.target.value = '';
                onFileChange(null);
                setPreviewUrl(null);
                return;
              }
              onFileChange(file);
              setPreviewUrl(file ? URL.createObjectURL(file) : null);
            }}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-panel-2 file:px-3 file:py-2 file:text-white hover:file:bg-line"
          />
          <span className="mt-1 block text-xs text-muted/80">PNG, JPEG, WebP or GIF, up to 5 MB.</span>
        </label>
      </div>
      {error && <FieldError id={errorId} text={error} />}
    </div>
  );
}
