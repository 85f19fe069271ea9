/**
 * Downloading an appointment's documents (prescription and receipts as PDF), one at a time:
 * `useDocumentDownload` runs machines/records/documentDownloadMachine.ts with the given download
 * actor (the real one: src/app/liveDocuments.ts; fakes in tests), `DocumentButtons` shows a
 * button per document, and `DocumentDownloads` is the two together for a view that offers one
 * appointment's documents (My Appointment's card, the staff console).
 */
import { useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import { documentDownloadMachine, selectDownloading, type DownloadedFile } from '../../../machines/records/documentDownloadMachine';
import { offerDownload } from '../../app/offerDownload';
import { useProvidedActor } from '../../app/useProvidedActor';
import { toast } from '../../ui/toast';
import type { DocumentLink } from './documents';

export type DownloadDocument = PromiseActorLogic<DownloadedFile, { path: string; token: string }>;

export interface DocumentDownloadOptions {
  readonly token: string;
  readonly downloadDocument: DownloadDocument;
  /** The toast when the server gave no words of its own, in the language in use then. */
  readonly failedText: () => string;
  /** Saves the file (tests: a record of it); src/app/offerDownload.ts when absent. */
  readonly offer?: (file: DownloadedFile) => void;
}

export function useDocumentDownload({ token, downloadDocument, failedText, offer = offerDownload }: DocumentDownloadOptions) {
  const actor = useProvidedActor(
    () =>
      documentDownloadMachine.provide({
        actors: { downloadDocument },
        actions: {
          offerDownload: (_args, file) => offer(file),
          notifyFailure: (_args, { text }) => toast.error(text ?? failedText()),
        },
      }),
    { input: { token } },
  );
  const downloading = useSelector(actor, selectDownloading);
  return { downloading, download: (path: string) => actor.send({ type: 'document.download', path }) };
}

export interface DocumentButtonsProps {
  readonly documents: readonly DocumentLink[];
  /** The path being downloaded, or null. */
  readonly downloading: string | null;
  readonly onDownload: (path: string) => void;
  /** The busy button's words. */
  readonly downloadingText: string;
  readonly className: string;
}

export function DocumentButtons({ documents, downloading, onDownload, downloadingText, className }: DocumentButtonsProps) {
  if (documents.length === 0) return null;
  return (
    <div className={className}>
      {documents.map((d) => (
        <button
          key={d.path}
          type="button"
          className="button button--outline"
          onClick={() => onDownload(d.path)}
          disabled={downloading !== null}
          aria-busy={downloading === d.path}
        >
          {downloading === d.path ? downloadingText : d.label}
        </button>
      ))}
    </div>
  );
}

export function DocumentDownloads({
  documents,
  downloadingText,
  className,
  ...options
}: DocumentDownloadOptions & Pick<DocumentButtonsProps, 'documents' | 'downloadingText' | 'className'>) {
  const { downloading, download } = useDocumentDownload(options);
  return <DocumentButtons documents={documents} downloading={downloading} onDownload={download} downloadingText={downloadingText} className={className} />;
}
