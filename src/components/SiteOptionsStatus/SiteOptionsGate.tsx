/**
 * Renders what the site options give, or their loading and failure, where the data is used:
 * a polite loading line, or the failure with a "Try again" button that sends siteOptions.retry.
 */
import type { ReactNode } from 'react';
import type { SiteOptions } from '../../../contract/site';
import { useSiteOptions } from '../../app/siteOptions';
import { useMessages } from '../../i18n/shell';
import './SiteOptionsGate.css';

export interface SiteOptionsGateProps {
  readonly children: (options: SiteOptions) => ReactNode;
  /** Use the compact look (footer, header). */
  readonly compact?: boolean;
}

export function SiteOptionsGate({ children, compact = false }: SiteOptionsGateProps) {
  const messages = useMessages();
  const { options, isLoading, error, retry } = useSiteOptions();
  const className = `site-options-status${compact ? ' site-options-status--compact' : ''}`;
  if (options) return <>{children(options)}</>;
  if (isLoading || error === null) {
    return (
      <p role="status" className={className}>
        {messages.siteOptions.loading}
      </p>
    );
  }
  return (
    <div role="alert" className={`${className} site-options-status--failed`}>
      <p className="site-options-status__text">
        {messages.siteOptions.failed} <span className="site-options-status__detail">{error}</span>
      </p>
      <button type="button" className="button button--outline site-options-status__retry" onClick={retry}>
        {messages.siteOptions.tryAgain}
      </button>
    </div>
  );
}
