<?php
// What a Moodle site with forceclean shows of an HTML text: Moodle's HTMLPurifier configuration (as
// purify_html() in Moodle's lib/weblib.php sets it up), then the multilang filter (filter_multilang,
// new syntax), in the order format_text() applies them to FORMAT_HTML: clean first, then the filter
// (filter_stage_post_clean). Written for quizkit's tests from how Moodle behaves; no Moodle code.
//
// Input (stdin): {"languages": ["en", "ur"], "texts": ["<span lang=...>", ...]}
// Output (stdout): [{"cleaned": "...", "shown": {"en": "...", "ur": "..."}}, ...]

$library = getenv('HTMLPURIFIER_LIBRARY') ?: '/usr/share/php';
require_once $library . '/HTMLPurifier.auto.php';

// Debian 12's HTMLPurifier 4.11 still reads string offsets with braces ($text{0}), which PHP 8 refuses
// to compile; load those few class files with brackets instead. Nothing else about them changes.
spl_autoload_register(function (string $class) use ($library): void {
    if (strncmp($class, 'HTMLPurifier', 12) !== 0) {
        return;
    }
    $file = $library . '/' . str_replace('_', '/', $class) . '.php';
    if (!is_file($file)) {
        return;
    }
    $source = file_get_contents($file);
    $fixed = preg_replace('/(\$[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]\n]*\])?)\{([^{}\n]+)\}/', '$1[$2]', $source);
    if ($fixed === $source) {
        require $file;
    } else {
        eval('?>' . $fixed);
    }
}, true, true);

function moodle_purifier(): HTMLPurifier {
    $config = HTMLPurifier_Config::createDefault();
    $settings = [
        'HTML.DefinitionID' => 'quizkit-moodlehtml',
        'HTML.DefinitionRev' => 1,
        'Cache.DefinitionImpl' => null, // Moodle caches definitions on disk; a test writes nothing.
        'Core.NormalizeNewlines' => false,
        'Core.ConvertDocumentToFragment' => true,
        'Core.Encoding' => 'UTF-8',
        'HTML.Doctype' => 'XHTML 1.0 Transitional',
        'URI.AllowedSchemes' => array_fill_keys(
            ['http', 'https', 'ftp', 'irc', 'nntp', 'news', 'rtsp', 'rtmp', 'teamspeak', 'gopher', 'mms', 'mailto'],
            true
        ),
        'Attr.AllowedFrameTargets' => ['_blank'],
    ];
    foreach ($settings as $name => $value) {
        $config->set($name, $value);
    }
    $definition = $config->maybeGetRawHTMLDefinition();
    if ($definition) {
        // Moodle's additions to XHTML 1.0 Transitional.
        foreach ([['nolink', 'Inline', 'Flow'], ['tex', 'Inline', 'Inline'], ['algebra', 'Inline', 'Inline']] as [$name, $type, $content]) {
            $definition->addElement($name, $type, $content, []);
        }
        $definition->addElement('lang', 'Block', 'Flow', [], ['lang' => 'CDATA']);
        $definition->addAttribute('span', 'xxxlang', 'CDATA');
        $media = ['src' => 'URI', 'crossorigin' => 'Enum#anonymous,use-credentials',
                  'preload' => 'Enum#auto,metadata,none', 'autoplay' => 'Bool', 'loop' => 'Bool',
                  'muted' => 'Bool', 'controls' => 'Bool'];
        $definition->addElement('video', 'Block', 'Optional: #PCDATA | Flow | source | track', 'Common',
            $media + ['poster' => 'URI', 'playsinline' => 'Bool', 'width' => 'Length', 'height' => 'Length']);
        $definition->addElement('audio', 'Block', 'Optional: #PCDATA | Flow | source | track', 'Common', $media);
        $definition->addElement('source', false, 'Empty', null, ['src' => 'URI', 'type' => 'Text']);
        $definition->addElement('track', false, 'Empty', null, [
            'src' => 'URI', 'kind' => 'Enum#subtitles,captions,descriptions,chapters,metadata',
            'srclang' => 'Text', 'label' => 'Text', 'default' => 'Bool']);
        $definition->manager->addModule(new HTMLPurifier_HTMLModule_Ruby());
    }
    return new HTMLPurifier($config);
}

// The two attributes of a multilang span, in either order, and nothing else.
const MULTILANG_OPEN = '<span(\s+lang="[a-zA-Z0-9_-]+"|\s+class="multilang"){2}\s*>';

function moodle_clean(HTMLPurifier $purifier, string $html): string {
    // Moodle hides multilang spans from the purifier behind an attribute of its own, then restores them.
    $multilang = strpos($html, 'class="multilang"') !== false;
    if ($multilang) {
        $html = preg_replace_callback('/' . MULTILANG_OPEN . '/', function (array $match): string {
            preg_match('/lang="([a-zA-Z0-9_-]+)"/', $match[0], $lang);
            return '<span xxxlang="' . $lang[1] . '">';
        }, $html);
    }
    $html = (string) $purifier->purify($html);
    if ($multilang) {
        $html = preg_replace('/<span xxxlang="([a-zA-Z0-9_-]+)">/', '<span lang="$1" class="multilang">', $html);
    }
    return $html;
}

function multilang_filter(string $html, string $language): string {
    // A block is two or more multilang spans in a row; each span's text ends at the first </span>.
    $block = '/(' . MULTILANG_OPEN . '.*?<\/span>)(\s*' . MULTILANG_OPEN . '.*?<\/span>)+/is';
    $result = preg_replace_callback($block, function (array $match) use ($language): string {
        if (!preg_match_all('/<(?:lang|span)[^>]+lang="([a-zA-Z0-9_-]+)"[^>]*>(.*?)<\/(?:lang|span)>/is', $match[0], $parts)) {
            return $match[0];
        }
        $versions = [];
        foreach ($parts[1] as $index => $lang) {
            $versions[str_replace('-', '_', strtolower($lang))] = $parts[2][$index];
        }
        // The user's language, then its parents (ur_PK → ur → en), else the first version.
        for ($candidate = $language; $candidate !== ''; $candidate = parent_language($candidate)) {
            if (isset($versions[$candidate])) {
                return $versions[$candidate];
            }
        }
        return reset($versions);
    }, $html);
    return $result ?? $html;
}

function parent_language(string $language): string {
    if ($language === 'en') {
        return '';
    }
    $position = strrpos($language, '_');
    return $position === false ? 'en' : substr($language, 0, $position);
}

$request = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
$purifier = moodle_purifier();
$answer = [];
foreach ($request['texts'] as $text) {
    $cleaned = moodle_clean($purifier, $text);
    $shown = [];
    foreach ($request['languages'] as $language) {
        $shown[$language] = multilang_filter($cleaned, $language);
    }
    $answer[] = ['cleaned' => $cleaned, 'shown' => $shown];
}
echo json_encode($answer, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
