import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PopInfo } from '../../protocol/site.ts';
import { t } from '../../i18n/zh-CN.ts';

/** The pop-up activity, once a day. A simple dialog until the modal system of the dialogs issue replaces it. */
export function PopActivity({ pop, onClose }: { pop: PopInfo; onClose: () => void }) {
  const navigate = useNavigate();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="pop-title">
        {pop.imageUrl && (
          <div className="dialog__media">
            <img src={pop.imageUrl} alt="" width="440" height="220" />
          </div>
        )}
        <div className="dialog__body">
          <h2 id="pop-title" className="dialog__title">
            {pop.title}
          </h2>
          <p>{pop.content}</p>
        </div>
        <div className="dialog__footer">
          <button ref={closeRef} type="button" className="btn btn--ghost" onClick={onClose}>
            {t.home.popClose}
          </button>
          {pop.linkUrl && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                onClose();
                void navigate(pop.linkUrl);
              }}
            >
              {t.home.popGo}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
