import { useEffect } from 'react';

const SITE_NAME = 'Confraria Vinhos & Amigos';

/** Sets the tab title for the current page: "Página · Confraria Vinhos & Amigos". */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
