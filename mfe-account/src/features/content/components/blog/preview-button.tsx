import { useState } from 'react';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { getPreviewLink } from '../../api/preview-link';
import { rowActionClass } from '../../../../components/item-row';

/**
 * Opens a post that is not public yet (a draft, a scheduled one) at its own address in a new tab, through a signed
 * preview link that works for staff only, for a day (decision 0063). The tab is opened on the click itself, so no
 * pop-up blocker stops it, and sent to the link once the gateway has signed it.
 */
export function PreviewButton({ id, title }: { id: number; title: string }) {
  const { toast } = useHost();
  const [busy, setBusy] = useState(false);
  async function open() {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { url } = await getPreviewLink(id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast({ title: 'Could not open the preview', description: serverErrorText(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" onClick={() => void open()} disabled={busy} className={rowActionClass}>
      Preview <span className="sr-only">{title} (opens in a new tab)</span>
    </button>
  );
}
