// Printing one part of the Payouts tab: the print stylesheet (athlete-panel.css) shows only the
// element whose id is `ap-{section}` named by <body data-ap-print>. While the tab is open the
// browser's own print shows the statement; the disclosure's Print button switches to the record
// for that one print.
import { useEffect } from 'react';

export type PrintSection = 'statement' | 'disclosure';

/** Makes the browser's print of this page show `section` while the calling component is mounted. */
export function usePrintScope(section: PrintSection): void {
  useEffect(() => {
    document.body.dataset.apPrint = section;
    return () => {
      delete document.body.dataset.apPrint;
    };
  }, [section]);
}

/** Prints `section` alone, then returns to the tab's default scope. */
export function printSection(section: PrintSection): void {
  const previous = document.body.dataset.apPrint;
  document.body.dataset.apPrint = section;
  const restore = () => {
    if (previous) document.body.dataset.apPrint = previous;
    else delete document.body.dataset.apPrint;
    window.removeEventListener('afterprint', restore);
  };
  window.addEventListener('afterprint', restore);
  window.print();
}
