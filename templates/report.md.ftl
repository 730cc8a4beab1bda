<#-- wirebench Markdown report (plain text output format: nothing is escaped; table cells are
     escaped by the model builder). Charts are SVG files written beside this file. -->
# ${title}

Generated ${generated_utc} by wirebench ${tool_version} from ${inputs?size} input file(s).

<#list runs as run>
## Run: ${run.source}

| | |
| --- | --- |
<#list run.fields as f>
| ${f.name} | ${f.value} |
</#list>

</#list>
<#list sections as s>
## ${s.title}

${s.intro}

<#list s.charts as c>
<#if c.file??>![${c.title}](${c.file})<#else>${c.title}</#if>

</#list>
<#list s.tables as t>
### ${t.title}

<#list t.warnings as w>
> **Warning:** ${w}

</#list>
| <#list t.columns as c>${c} | </#list>
|<#list t.columns as c> ---: |</#list>
<#list t.rows as r>
| <#list r as cell>${cell} | </#list>
</#list>

</#list>
</#list>
<#if warnings?has_content>
## Warnings

<#list warnings as w>
- ${w}
</#list>
</#if>
