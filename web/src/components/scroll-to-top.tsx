// Both layouts: the page scrolls to top on every route change (docs/ARCHITECTURE.md, "Screen rules"), and the
// visitor's place in or out of the demo is remembered for the pages both share.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isDemoPath } from '@/config/paths';
import { rememberDemoContext } from '@/lib/demo-role';

export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname, search]);
  useEffect(() => {
    // /demo pages enter the demo; their public twins (/search, /mycards) leave it; shared pages keep it.
    if (isDemoPath(pathname)) rememberDemoContext(true);
    else if (pathname === '/search' || pathname === '/mycards' || pathname === '/') rememberDemoContext(false);
  }, [pathname]);
  return null;
}
