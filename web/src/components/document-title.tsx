// Sets the tab title of a screen with a fixed name (screens named after data call useDocumentTitle).
import { useDocumentTitle } from '@/lib/use-document-title';

export function DocumentTitle({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}
