/**
 * A drawn picture of the teacher dashboard for the landing page. Inline SVG so the page
 * works offline and stays sharp at every size; role="img" makes it one labelled image.
 */
const font = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

function QuickCard({
  x,
  colour,
  tint,
  title,
}: {
  x: number;
  colour: string;
  tint: string;
  title: string;
}) {
  return (
    <g transform={`translate(${x} 118)`}>
      <rect width="140" height="92" rx="10" fill="#fff" stroke="#e2e8f0" />
      <rect x="12" y="12" width="24" height="24" rx="7" fill={tint} />
      <circle cx="24" cy="24" r="5" fill={colour} />
      <text x="12" y="54" fontSize="10" fontWeight="600" fill="#0f172a">
        {title}
      </text>
      <rect x="12" y="61" width="92" height="5" rx="2.5" fill="#e2e8f0" />
      <rect x="12" y="74" width="54" height="11" rx="5.5" fill={colour} />
    </g>
  );
}

function ActivityRow({ y, badge, width }: { y: number; badge: string; width: number }) {
  return (
    <g transform={`translate(174 ${y})`}>
      <circle cx="10" cy="10" r="9" fill="#e0e7ff" />
      <rect x="26" y="4" width={width} height="6" rx="3" fill="#334155" />
      <rect x="26" y="14" width={width * 0.7} height="4" rx="2" fill="#cbd5e1" />
      <rect x="216" y="4" width="44" height="13" rx="6.5" fill={badge} />
    </g>
  );
}

const wave = [10, 18, 28, 16, 34, 22, 12, 26, 38, 20, 14, 30, 24, 12, 20, 32, 18, 10].map(
  (height, index) => ({ x: index * 7, height, played: index < 8 }),
);

export function DashboardIllustration() {
  return (
    <svg
      viewBox="0 0 640 420"
      role="img"
      aria-labelledby="dashboard-picture-title"
      className="h-auto w-full drop-shadow-xl"
      fontFamily={font}
    >
      <title id="dashboard-picture-title">
        The Classroom Voice teacher dashboard: quick actions, recent activity and audio feedback
      </title>
      <rect x="0" y="0" width="640" height="420" rx="18" fill="#fff" stroke="#e2e8f0" />
      <path d="M0 18a18 18 0 0 1 18-18h604a18 18 0 0 1 18 18v14H0z" fill="#f1f5f9" />
      <circle cx="20" cy="16" r="5" fill="#f87171" />
      <circle cx="36" cy="16" r="5" fill="#fbbf24" />
      <circle cx="52" cy="16" r="5" fill="#34d399" />

      {/* Sidebar */}
      <rect x="0" y="32" width="150" height="388" fill="#f8fafc" />
      <path d="M0 402V32h150v388H18A18 18 0 0 1 0 402z" fill="#f8fafc" />
      <rect x="16" y="48" width="22" height="22" rx="6" fill="#4f46e5" />
      <text x="46" y="63" fontSize="11" fontWeight="700" fill="#0f172a">
        Classroom Voice
      </text>
      <rect x="10" y="88" width="130" height="26" rx="7" fill="#e0e7ff" />
      <text x="34" y="105" fontSize="10" fontWeight="600" fill="#3730a3">
        Dashboard
      </text>
      <rect x="18" y="96" width="10" height="10" rx="3" fill="#4f46e5" />
      {[122, 150, 178, 206, 234].map((y) => (
        <g key={y}>
          <rect x="18" y={y + 8} width="10" height="10" rx="3" fill="#94a3b8" />
          <rect x="34" y={y + 10} width={y % 3 === 0 ? 70 : 56} height="6" rx="3" fill="#cbd5e1" />
        </g>
      ))}
      <circle cx="30" cy="388" r="12" fill="#4f46e5" />
      <text x="30" y="392" fontSize="9" fontWeight="700" fill="#fff" textAnchor="middle">
        AP
      </text>
      <rect x="50" y="380" width="60" height="6" rx="3" fill="#334155" />
      <rect x="50" y="391" width="40" height="4" rx="2" fill="#cbd5e1" />

      {/* Header */}
      <text x="174" y="70" fontSize="18" fontWeight="700" fill="#0f172a">
        Welcome back, Alex!
      </text>
      <rect x="174" y="82" width="140" height="6" rx="3" fill="#cbd5e1" />
      <rect x="468" y="56" width="148" height="22" rx="11" fill="#eef2ff" stroke="#c7d2fe" />
      <text x="542" y="71" fontSize="9" fontWeight="600" fill="#3730a3" textAnchor="middle">
        brave-otter-blue-kite
      </text>
      <rect x="540" y="84" width="76" height="20" rx="10" fill="#fff" stroke="#e2e8f0" />
      <text x="578" y="98" fontSize="9" fill="#334155" textAnchor="middle">
        09:41
      </text>

      <QuickCard x={174} colour="#4f46e5" tint="#e0e7ff" title="Document Feedback" />
      <QuickCard x={325} colour="#059669" tint="#d1fae5" title="Lesson Planning" />
      <QuickCard x={476} colour="#d97706" tint="#fef3c7" title="Parent Reports" />

      {/* Recent activity */}
      <rect x="164" y="224" width="290" height="176" rx="10" fill="#fff" stroke="#e2e8f0" />
      <text x="178" y="246" fontSize="11" fontWeight="600" fill="#0f172a">
        Recent Activity
      </text>
      <ActivityRow y={262} badge="#bbf7d0" width={118} />
      <ActivityRow y={296} badge="#fde68a" width={96} />
      <ActivityRow y={330} badge="#bfdbfe" width={132} />
      <ActivityRow y={364} badge="#bbf7d0" width={84} />

      {/* Audio feedback */}
      <rect x="466" y="224" width="150" height="176" rx="10" fill="#312e81" />
      <text x="480" y="246" fontSize="11" fontWeight="600" fill="#fff">
        Audio feedback
      </text>
      <g transform="translate(480 300)">
        {wave.map(({ x, height, played }) => (
          <rect
            key={x}
            x={x}
            y={-height / 2}
            width="4"
            height={height}
            rx="2"
            fill={played ? '#a5b4fc' : '#6366f1'}
          />
        ))}
      </g>
      <circle cx="496" cy="364" r="14" fill="#fff" />
      <path d="M492 357l11 7-11 7z" fill="#312e81" />
      <text x="518" y="368" fontSize="10" fill="#e0e7ff">
        0:24 / 1:00
      </text>
    </svg>
  );
}
