import styles from './LoginPage.module.css';

/** Decorative waves and a trend line behind the login card. */
export function LoginBackdrop() {
  return (
    <svg
      className={styles.backdrop}
      viewBox="0 0 1440 400"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="yq-login-wave" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3673f1" stopOpacity="0.12" />
          <stop offset="1" stopColor="#3673f1" stopOpacity="0.02" />
        </linearGradient>
      </defs>
      <path
        d="M0 260 C 180 200 320 300 520 250 S 860 150 1040 210 S 1320 260 1440 200 V400 H0Z"
        fill="url(#yq-login-wave)"
      />
      <path
        d="M0 320 C 220 280 380 350 600 310 S 980 240 1180 290 S 1380 320 1440 300 V400 H0Z"
        fill="#3673f1"
        fillOpacity="0.05"
      />
      <polyline
        points="80,300 220,250 360,275 500,200 640,230 780,150 920,185 1060,110 1200,140 1360,70"
        fill="none"
        stroke="#3673f1"
        strokeOpacity="0.18"
        strokeWidth="2"
        strokeDasharray="6 8"
      />
      {[
        [500, 200],
        [780, 150],
        [1060, 110],
        [1360, 70],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="5" fill="#3673f1" fillOpacity="0.22" />
      ))}
    </svg>
  );
}
