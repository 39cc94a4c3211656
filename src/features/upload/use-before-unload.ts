import { useEffect } from 'react';
import { useUploadsRunning } from './upload-store';

/** While uploads run, closing or reloading the tab asks first: the files would have to be sent again. */
export function useBeforeUnloadWhileUploading() {
  const running = useUploadsRunning();
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium still needs returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);
}
