import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>沙盒体育</p>);
